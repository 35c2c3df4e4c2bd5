/** An area as the area tree reads it, with the areas below it (the OpenAPI's answer). */
export type { AreaNode as Area } from '../../api/types';
