/**
 * "Generate code": the form as a React component (using @loom/ui's FormRender) and as a plain
 * HTML page (antd's UMD build is not fetched from another host: the page carries the JSON and a
 * minimal renderer of its own for the plain fields).
 */
import { fieldsOf, type FormJson } from '../render';

const json = (f: FormJson) => JSON.stringify(f, null, 2);

export function reactComponent(form: FormJson, name = 'GeneratedForm'): string {
  return `import { useRef } from 'react';
import { Button, message } from 'antd';
import { FormRender, type FormJson, type FormRenderHandle } from '@loom/ui';

const definition: FormJson = ${json(form).replace(/\n/g, '\n')};

export default function ${name}() {
  const ref = useRef<FormRenderHandle>(null);
  return (
    <>
      <FormRender ref={ref} json={definition} />
      <Button
        type="primary"
        onClick={async () => {
          try {
            const data = await ref.current!.getData();
            console.log(data);
          } catch (e) {
            message.error((e as Error).message);
          }
        }}
      >
        Submit
      </Button>
    </>
  );
}
`;
}

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function htmlPage(form: FormJson, title = 'Form'): string {
  const rows = fieldsOf(form.list)
    .map((f) => {
      const o = f.options ?? {};
      const req = o.required ? ' required' : '';
      let input: string;
      if (f.type === 'textarea') input = `<textarea name="${esc(f.model)}" rows="${Number(o.rows ?? 5)}"${req}>${esc(o.defaultValue)}</textarea>`;
      else if (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox')
        input = `<select name="${esc(f.model)}"${f.type === 'checkbox' || o.multiple ? ' multiple' : ''}${req}>${(o.options ?? []).map((x) => `<option value="${esc(x.value)}">${esc(x.label ?? x.value)}</option>`).join('')}</select>`;
      else if (f.type === 'number') input = `<input type="number" name="${esc(f.model)}" min="${o.min ?? ''}" max="${o.max ?? ''}" step="${o.step ?? 1}"${req}>`;
      else if (f.type === 'date') input = `<input type="date" name="${esc(f.model)}"${req}>`;
      else if (f.type === 'time') input = `<input type="time" name="${esc(f.model)}"${req}>`;
      else if (f.type === 'switch') input = `<input type="checkbox" name="${esc(f.model)}">`;
      else input = `<input type="text" name="${esc(f.model)}" value="${esc(typeof o.defaultValue === 'string' && !o.defaultValue.startsWith('${') ? o.defaultValue : '')}"${req}>`;
      return `    <div class="row"><label>${o.required ? '<i>*</i>' : ''}${esc(f.name)}</label>${input}</div>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 24px; }
  .row { display: flex; align-items: flex-start; margin-bottom: 12px; }
  label { width: ${Number(form.config?.labelWidth ?? 100)}px; text-align: ${form.config?.labelPosition === 'left' ? 'left' : 'right'}; padding-right: 12px; }
  label i { color: #f5222d; font-style: normal; margin-right: 4px; }
  input, select, textarea { flex: 1; padding: 4px 8px; border: 1px solid #d9d9d9; border-radius: 4px; }
</style>
</head>
<body>
  <form id="form">
${rows}
    <div class="row"><label></label><button type="submit">Submit</button></div>
  </form>
  <script type="application/json" id="definition">${json(form).replace(/</g, '\\u003c')}</script>
  <script>
    document.getElementById('form').addEventListener('submit', function (e) {
      e.preventDefault();
      var data = {};
      new FormData(e.target).forEach(function (v, k) { data[k] = v; });
      alert(JSON.stringify(data, null, 2));
    });
  </script>
</body>
</html>
`;
}
