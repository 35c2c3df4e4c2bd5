import type { Lang } from '@loom/ui/core';

/**
 * The user guide is the repository's docs/guide/<lang>/*.md, bundled with the portal at build
 * time: it is served wherever the portal is (make dev, compose, Kubernetes) and always matches the
 * version running. The text is in the guide's own chunk, loaded when the guide is first opened; the
 * images are the browser tests' screenshots (e2e/browser/tests/guide.test.mjs).
 */
const SOURCES = import.meta.glob<string>('../../../../../docs/guide/*/*.md', { query: '?raw', import: 'default', eager: true });
const IMAGES = import.meta.glob<string>('../../../../../docs/guide/*/images/*.png', { query: '?url', import: 'default', eager: true });

/** The contents page of each language's guide (docs/guide/<lang>/README.md). */
export const CONTENTS = 'README';

function key(path: string): { lang: string; chapter: string } | null {
  const m = /docs\/guide\/([\w-]+)\/([\w-]+)\.md$/.exec(path);
  return m ? { lang: m[1] ?? '', chapter: m[2] ?? '' } : null;
}

/** The chapters of a language's guide in reading order (file names sort as the journeys go). */
export function chapters(lang: Lang): string[] {
  return Object.keys(SOURCES)
    .map(key)
    .filter((k): k is { lang: string; chapter: string } => k?.lang === lang)
    .map((k) => k.chapter)
    .sort((a, b) => (a === CONTENTS ? -1 : b === CONTENTS ? 1 : a.localeCompare(b)));
}

/** A chapter's Markdown, or null when the guide has no such chapter in that language. */
export function chapterSource(lang: Lang, chapter: string): string | null {
  const entry = Object.entries(SOURCES).find(([path]) => {
    const k = key(path);
    return k?.lang === lang && k.chapter === chapter;
  });
  return entry?.[1] ?? null;
}

/** Where an image a chapter names (`images/x.png`) is served, if the build has it. */
export function imageUrl(lang: Lang, src: string): string | undefined {
  const name = /^(?:\.\/)?images\/([\w.-]+\.png)$/.exec(src)?.[1];
  if (!name) return undefined;
  const hit = Object.entries(IMAGES).find(([path]) => path.endsWith(`/docs/guide/${lang}/images/${name}`));
  return hit?.[1];
}

/** A chapter's title: its first heading. */
export function titleOf(source: string): string {
  return /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? '';
}
