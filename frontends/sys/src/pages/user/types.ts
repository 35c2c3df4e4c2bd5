export interface Ref {
  id: string;
  name?: string;
}

export interface User extends Record<string, unknown> {
  id: string;
  loginName: string;
  name: string;
  no?: string;
  email?: string;
  phone?: string;
  mobile?: string;
  photo?: string;
  loginFlag?: string;
  remarks?: string;
  companyDTO?: Ref | null;
  officeDTO?: Ref | null;
  roleIdList?: string[];
  postIdList?: string[];
  roleNames?: string;
  createDate?: string;
}

/** The form values (company and department as plain ids). */
export interface UserForm extends User {
  companyId?: string;
  officeId?: string;
  password?: string;
  confirmPassword?: string;
  oldLoginName?: string;
}
