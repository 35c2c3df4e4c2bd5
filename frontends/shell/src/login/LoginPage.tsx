import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getLang, http, HttpError, login, setLang, useSession, type Lang } from '@loom/ui/core';

/** Only same-origin paths may be used as the page to come back to. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/';
  return raw;
}

/**
 * The login page. It uses neither antd nor the router: in production it is its own small bundle
 * (see vite.login.config.ts), loaded before module federation, so the first screen is light.
 * `onDone` receives the page to go back to.
 */
export function LoginPage({ onDone }: { onDone: (redirect: string) => void }) {
  const { t, i18n } = useTranslation('shell');
  const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  const s = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [product, setProduct] = useState('');
  // the settings' 登录验证码: when on, a code read from /sys/getCode's image goes with the login
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeImage, setCodeImage] = useState(0);
  const lang = getLang();

  useEffect(() => {
    document.title = t('login.title') + ' - Loom';
    http
      .get<{ productName?: string; loginCode?: string }>('/sys/sysConfig/getConfig', undefined, { silent: true, anonymous: true })
      .then((c) => {
        setProduct(c?.productName ?? '');
        setAskCode(c?.loginCode === '1');
      })
      .catch(() => undefined);
  }, [t]);

  useEffect(() => {
    if (s.token && !busy) onDone(redirect);
  }, [s.token, busy, onDone, redirect]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!username || !password || (askCode && !code)) return;
    setBusy(true);
    setError('');
    try {
      await login(username.trim(), password, askCode ? code.trim() : undefined);
      onDone(redirect);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : t('login.failed'));
      setBusy(false);
      if (askCode) {
        // a code is good for one attempt's page: show a fresh one
        setCode('');
        setCodeImage((n) => n + 1);
      }
    }
  };

  const switchLang = (l: Lang) => {
    setLang(l);
    void i18n.changeLanguage(l);
  };

  return (
    <div className="loom-login">
      <form className="loom-login-card" onSubmit={submit} noValidate data-testid="login-form">
        <h1>{product || t('productName')}</h1>
        <h2>{t('login.title')}</h2>
        {error ? (
          <div className="loom-login-error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="loom-login-field">
          <label htmlFor="loom-username">{t('login.username')}</label>
          <input id="loom-username" name="username" autoComplete="username" autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
          {touched && !username ? <div className="loom-login-hint">{t('login.usernameRequired')}</div> : null}
        </div>
        <div className="loom-login-field">
          <label htmlFor="loom-password">{t('login.password')}</label>
          <input id="loom-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {touched && !password ? <div className="loom-login-hint">{t('login.passwordRequired')}</div> : null}
        </div>
        {askCode ? (
          <div className="loom-login-field">
            <label htmlFor="loom-code">{t('login.code')}</label>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input id="loom-code" name="code" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} style={{ flex: 1 }} />
              <img
                src={`/api/sys/getCode?n=${codeImage}`}
                alt={t('login.code')}
                title={t('login.codeRefresh')}
                width={100}
                height={40}
                style={{ cursor: 'pointer' }}
                data-testid="login-code-image"
                onClick={() => setCodeImage((n) => n + 1)}
              />
            </div>
            {touched && !code ? <div className="loom-login-hint">{t('login.codeRequired')}</div> : null}
          </div>
        ) : null}
        <button className="loom-login-submit" type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <div className="loom-login-langs">
          <button type="button" aria-pressed={lang === 'zh-CN'} onClick={() => switchLang('zh-CN')}>
            中文
          </button>
          |
          <button type="button" aria-pressed={lang === 'en-US'} onClick={() => switchLang('en-US')}>
            English
          </button>
        </div>
      </form>
    </div>
  );
}
