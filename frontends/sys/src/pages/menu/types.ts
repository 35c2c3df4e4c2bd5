/** A menu as the menu tree reads it, with the menus below it (the OpenAPI's answer). */
export type { MenuNode as Menu } from '../../api/types';
