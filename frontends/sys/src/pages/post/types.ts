/** A post as the post list and its form read it (the OpenAPI's answer). */
export type { PostPublic as Post } from '../../api/types';
