/** A dictionary and its values as the dictionary pages read them (the OpenAPI's answers). */
export type { DictTypePublic as DictType, DictValuePublic as DictValue } from '../../api/types';
