/** `unknown` when A and B name the same keys at every depth (each is assignable to the other), else `never`. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? unknown : never) : never;

/**
 * The texts of one namespace in both languages, as `addMessages` takes them; each language is a
 * JSON file beside the module that registers it. The en-US table must name exactly the keys of the
 * zh-CN one: a key only one language has makes `enUS` a type error.
 */
export function catalogue<Z extends object, E extends object>(zhCN: Z, enUS: E & SameKeys<Z, E>): { 'zh-CN': Z; 'en-US': E } {
  return { 'zh-CN': zhCN, 'en-US': enUS };
}
