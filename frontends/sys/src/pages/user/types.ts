import type { UserDetail } from '../../api/types';

/** A user as the user list reads it, and as the user form reads it (the OpenAPI's answers). */
export type { UserDetail, UserPublic as User } from '../../api/types';

/** The form's values: the user as read, company and department as plain ids, the passwords. */
export type UserForm = Partial<UserDetail> & {
  companyId?: string;
  officeId?: string;
  password?: string;
  confirmPassword?: string;
  oldLoginName?: string;
};
