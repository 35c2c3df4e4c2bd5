import { Fragment, type ReactNode } from 'react';

/**
 * The small Markdown the user guide (docs/guide) is written in, read into blocks and rendered as
 * React elements, never as HTML: headings, paragraphs, lists, quotes (tips), tables and images
 * alone on a line; inline bold, code and links. Anything else stays text.
 */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'quote'; text: string }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'image'; alt: string; src: string };

/** A list item, with the items of a list indented below it (one level, as the guide needs). */
export interface ListItem {
  text: string;
  items?: string[];
}

const HEADING = /^(#{1,4})\s+(.*)$/;
const ITEM = /^\s{0,3}(?:([-*])|(\d+)[.)])\s+(.*)$/;
const IMAGE_LINE = /^!\[([^\]]*)\]\(([^)\s]+)\)$/;
const CJK_END = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]$/;
const CJK_START = /^[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** Joins wrapped lines: a space between words, none between Chinese characters. */
function joinLines(lines: string[]): string {
  return lines.reduce((out, line) => {
    const next = line.trim();
    if (!out) return next;
    return CJK_END.test(out) && CJK_START.test(next) ? out + next : `${out} ${next}`;
  }, '');
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** Reads the guide's Markdown into blocks. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: (heading[1] ?? '#').length as 1 | 2 | 3 | 4, text: (heading[2] ?? '').trim() });
      i += 1;
      continue;
    }
    const image = IMAGE_LINE.exec(line.trim());
    if (image) {
      blocks.push({ kind: 'image', alt: image[1] ?? '', src: image[2] ?? '' });
      i += 1;
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>')) quoted.push((lines[i++] ?? '').replace(/^>\s?/, ''));
      blocks.push({ kind: 'quote', text: joinLines(quoted) });
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) rows.push(cells(lines[i++] ?? ''));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const first = ITEM.exec(line);
    if (first) {
      const ordered = !first[1];
      const items: Array<{ lines: string[]; sub: string[][] }> = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = ITEM.exec(current);
        const indented = /^\s{2,}\S/.test(current);
        const last = items[items.length - 1];
        if (item && !indented && !item[1] === ordered) items.push({ lines: [item[3] ?? ''], sub: [] });
        else if (item && indented && last) last.sub.push([item[3] ?? '']);
        else if (indented && last) (last.sub[last.sub.length - 1] ?? last.lines).push(current);
        else break;
        i += 1;
      }
      blocks.push({
        kind: 'list',
        ordered,
        items: items.map((it) => (it.sub.length ? { text: joinLines(it.lines), items: it.sub.map(joinLines) } : { text: joinLines(it.lines) })),
      });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const current = lines[i] ?? '';
      if (!current.trim() || HEADING.test(current) || ITEM.test(current) || current.startsWith('>') || IMAGE_LINE.test(current.trim())) break;
      para.push(current);
      i += 1;
    }
    blocks.push({ kind: 'paragraph', text: joinLines(para) });
  }
  return blocks;
}

/** Where a link of the guide leads: another chapter (`02-x.md`, `02-x.md#part`), a web page, or nowhere. */
export type Target = { kind: 'chapter'; chapter: string } | { kind: 'web'; href: string } | null;

export function linkTarget(href: string): Target {
  if (/^https?:\/\//.test(href)) return { kind: 'web', href };
  const chapter = /^(?:\.\/)?([\w-]+)\.md(?:#.*)?$/.exec(href);
  return chapter ? { kind: 'chapter', chapter: chapter[1] ?? '' } : null;
}

export interface RenderOptions {
  /** The address an image of the chapter (`images/x.png`) is served at, if it is in the build. */
  image: (src: string) => string | undefined;
  /** Opens another chapter of the guide. */
  openChapter: (chapter: string) => void;
}

const INLINE = /(\*\*([^*]+)\*\*)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))/g;

/** Renders a line's inline marks: **bold**, `code` and [links](target). */
export function renderInline(text: string, opts: RenderOptions): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = out.length;
    if (m[2] !== undefined) out.push(<strong key={key}>{renderInline(m[2], opts)}</strong>);
    else if (m[4] !== undefined) out.push(<code key={key}>{m[4]}</code>);
    else out.push(<Link key={key} label={m[6] ?? ''} href={m[7] ?? ''} opts={opts} />);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function Link({ label, href, opts }: { label: string; href: string; opts: RenderOptions }) {
  const target = linkTarget(href);
  if (target?.kind === 'web')
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  if (target?.kind === 'chapter')
    return (
      <a
        href={`?chapter=${target.chapter}`}
        data-chapter-link={target.chapter}
        onClick={(e) => {
          e.preventDefault();
          opts.openChapter(target.chapter);
        }}
      >
        {label}
      </a>
    );
  return <>{label}</>;
}

/** Renders the blocks of a chapter. */
export function renderBlocks(blocks: Block[], opts: RenderOptions): ReactNode {
  return blocks.map((b, i) => {
    switch (b.kind) {
      case 'heading': {
        const H = `h${b.level}` as const;
        return <H key={i}>{renderInline(b.text, opts)}</H>;
      }
      case 'paragraph':
        return <p key={i}>{renderInline(b.text, opts)}</p>;
      case 'quote':
        return <blockquote key={i}>{renderInline(b.text, opts)}</blockquote>;
      case 'list': {
        const L = b.ordered ? 'ol' : 'ul';
        return (
          <L key={i}>
            {b.items.map((item, j) => (
              <li key={j}>
                {renderInline(item.text, opts)}
                {item.items ? (
                  <ul>
                    {item.items.map((sub, k) => (
                      <li key={k}>{renderInline(sub, opts)}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </L>
        );
      }
      case 'table':
        return (
          <table key={i}>
            <thead>
              <tr>
                {b.head.map((c, j) => (
                  <th key={j}>{renderInline(c, opts)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, j) => (
                <tr key={j}>
                  {row.map((c, k) => (
                    <td key={k}>{renderInline(c, opts)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      case 'image': {
        const src = opts.image(b.src);
        return src ? (
          <figure key={i}>
            <img src={src} alt={b.alt} loading="lazy" />
            {b.alt ? <figcaption>{b.alt}</figcaption> : null}
          </figure>
        ) : (
          <Fragment key={i} />
        );
      }
    }
  });
}
