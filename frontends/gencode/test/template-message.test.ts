import { describe, expect, it } from 'vitest';
import { safeMessageHtml } from '../src/pages/template-group/templates';

describe('the template group success message', () => {
  it('keeps its markup but never runs a stored script or event handler', () => {
    const html = safeMessageHtml('保存<b>成功</b><img src=x onerror="alert(localStorage.token)"><script>alert(1)</script>');
    expect(html).toContain('<b>成功</b>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
  });
});
