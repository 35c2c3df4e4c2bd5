import { useEffect, useMemo, useRef } from 'react';
import { Empty, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getLang } from '@loom/ui/core';
import { CONTENTS, chapterSource, chapters, imageUrl, titleOf } from './chapters';
import { parseMarkdown, renderBlocks } from './markdown';
import { GUIDE_HREF } from './href';
import './guide.css';

/**
 * The user guide in the reader's language (it follows the header's language switch): the chapters
 * on the left, the chapter asked for (`?chapter=`, else the contents) on the right.
 */
export default function GuidePage() {
  const { t, i18n } = useTranslation('shell');
  const lang = getLang();
  const navigate = useNavigate();
  const loc = useLocation();
  const top = useRef<HTMLDivElement>(null);
  const list = useMemo(() => chapters(lang), [lang]);
  const asked = new URLSearchParams(loc.search).get('chapter') ?? CONTENTS;
  const chapter = list.includes(asked) ? asked : CONTENTS;
  const source = chapterSource(lang, chapter);
  const open = (c: string) => navigate(c === CONTENTS ? GUIDE_HREF : `${GUIDE_HREF}?chapter=${encodeURIComponent(c)}`);

  // a block body: Chromium's scrollIntoView answers a promise, which React would take for a cleanup
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [chapter, i18n.language]);

  if (!source) return <Empty description={t('guideMissing')} />;
  return (
    <div className="loom-guide" data-guide-lang={lang} data-guide-chapter={chapter}>
      <nav className="loom-guide-nav">
        <Menu
          mode="inline"
          selectedKeys={[chapter]}
          onClick={({ key }) => open(key)}
          items={list.map((c) => ({ key: c, label: titleOf(chapterSource(lang, c) ?? '') || c }))}
        />
      </nav>
      <article className="loom-guide-body" ref={top}>
        {renderBlocks(parseMarkdown(source), { image: (src) => imageUrl(lang, src), openChapter: open })}
      </article>
    </div>
  );
}
