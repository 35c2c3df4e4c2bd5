/** An office as the office tree reads it, with the offices below it (the OpenAPI's answer). */
export type { OfficeNode as Office, PersonName as PersonRef } from '../../api/types';
