/** A role as the role list reads it, as its form reads it, and the nodes of the grant screen's
 * trees (menus and buttons; menus carrying data rules): the OpenAPI's answers. */
import type { DataRuleNode, MenuGrantNode } from '../../api/types';

export type { RoleDetail, RolePublic as Role } from '../../api/types';
export type MenuNode = MenuGrantNode | DataRuleNode;
