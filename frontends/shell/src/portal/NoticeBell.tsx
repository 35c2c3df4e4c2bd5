import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getLang, http, session } from '@loom/ui/core';
import { KIND_COLOR, NOTICES_HREF, NOTICES_READ_EVENT, describe, listHref, type Notice, type NoticePage, type UnreadCount } from './notices';

const RETRY_MS = 3000;

/** One server-sent event: its name and JSON data. */
function parseEvent(block: string): { event: string; data: unknown } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trim());
  }
  return data.length ? { event, data: JSON.parse(data.join('\n')) as unknown } : null;
}

/**
 * Reads the notice stream (server-sent events over fetch, which can carry the bearer token an
 * EventSource cannot) until `signal` aborts; reconnects after a dropped connection.
 */
async function follow(signal: AbortSignal, onEvent: (event: string, data: unknown) => void): Promise<void> {
  while (!signal.aborted) {
    try {
      const token = session.get().token;
      const res = await fetch('/api/flowable/notice/stream', {
        headers: { Accept: 'text/event-stream', 'Accept-Language': getLang(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal,
      });
      if (res.ok && res.body) {
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const parsed = parseEvent(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
            if (parsed) onEvent(parsed.event, parsed.data);
          }
        }
      }
    } catch {
      // dropped or refused: try again shortly (an abort ends the loop)
    }
    if (!signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/** The notice bell of the portal header: unread count live from the server, the latest notices on click. */
export function NoticeBell() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notice[] | null>(null);

  const load = useCallback(() => {
    http
      .get<NoticePage>('/flowable/notice/list', { current: 1, size: 10 }, { silent: true })
      .then((page) => {
        setItems(page.records);
        setUnread(page.unread);
      })
      .catch(() => setItems([]));
  }, []);

  useEffect(() => {
    const stop = new AbortController();
    void follow(stop.signal, (event, data) => {
      if (event === 'unread') setUnread((data as UnreadCount).count);
      if (event === 'notice') {
        setUnread((n) => n + 1);
        setItems((list) => (list ? [data as Notice, ...list].slice(0, 10) : list));
      }
    });
    return () => stop.abort();
  }, []);

  useEffect(() => {
    // read on the notice list: ask the count again
    const recount = () => void http.get<UnreadCount>('/flowable/notice/unread', undefined, { silent: true }).then((r) => setUnread(r.count)).catch(() => undefined);
    window.addEventListener(NOTICES_READ_EVENT, recount);
    return () => window.removeEventListener(NOTICES_READ_EVENT, recount);
  }, []);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const readAll = async () => {
    await http.put('/flowable/notice/read', undefined, { silent: true }).catch(() => undefined);
    setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? list);
    setUnread(0);
  };

  const go = async (n: Notice) => {
    setOpen(false);
    if (!n.read) {
      setUnread((c) => Math.max(0, c - 1));
      setItems((list) => list?.map((x) => (x.id === n.id ? { ...x, read: true } : x)) ?? list);
      await http.put('/flowable/notice/read', { ids: n.id }, { silent: true }).catch(() => undefined);
    }
    navigate(listHref(n));
  };

  const content = (
    <div className="loom-notice-panel" style={{ width: 340 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Button size="small" type="link" onClick={readAll} disabled={!unread} data-action="notice-read-all">
          {t('readAll')}
        </Button>
      </div>
      {items && !items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <List<Notice>
          size="small"
          loading={!items}
          dataSource={items ?? []}
          style={{ maxHeight: 360, overflowY: 'auto' }}
          renderItem={(n) => (
            <List.Item className="loom-notice-item" data-kind={n.kind} data-read={n.read ? '1' : '0'} style={{ cursor: 'pointer', opacity: n.read ? 0.6 : 1 }} onClick={() => void go(n)}>
              <List.Item.Meta
                title={
                  <span>
                    <Tag color={KIND_COLOR[n.kind]}>{t(`kind.${n.kind}`)}</Tag>
                    {n.title}
                  </span>
                }
                description={describe(n, t)}
              />
            </List.Item>
          )}
        />
      )}
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Button
          size="small"
          type="link"
          data-action="notice-view-all"
          onClick={() => {
            setOpen(false);
            navigate(NOTICES_HREF);
          }}
        >
          {t('viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" content={content} rootClassName="loom-notice-popover" destroyOnHidden>
      <Button type="text" aria-label={t('title')} data-action="notices" data-count={unread}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
