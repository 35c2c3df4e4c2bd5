// Type-checks a folder of generated pages in one program and finds each marker that is not data.
//
// node typescript_data.mjs <job.json>; the job: {"root": folder with tsconfig.json and src/,
// "typescript": the typescript package's folder, "markers": ["ZQX", ...]}. Prints JSON
// {"diagnostics": [{file, line, text}], "outside": [{file, line, text}], "files": n}: the compiler's
// errors (as tsc reports them), and every marker found in code rather than in a string literal,
// a template literal's text, JSX text or a comment.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ts = createRequire(path.join(job.typescript, 'package.json'))('typescript');
const root = path.resolve(job.root);
const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  },
});
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });

const where = (file, pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
  file: d.file ? path.relative(root, d.file.fileName) : '',
  line: d.file && d.start !== undefined ? where(d.file, d.start) : 0,
  text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
}));

// the text ranges of a file that are data: literals' text, JSX text and comments
const DATA = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
]);
function dataRanges(file) {
  const text = file.getFullText();
  const ranges = [];
  const visit = (node) => {
    // a JSDoc's own nodes: the comment is the next token's leading comment already
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(file);
    if (children.length) return children.forEach(visit);
    if (DATA.has(node.kind)) ranges.push([node.getStart(file), node.getEnd()]);
    if (node.kind === ts.SyntaxKind.JsxText) return; // its text is not trivia
    for (const c of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) ranges.push([c.pos, c.end]);
    for (const c of ts.getTrailingCommentRanges(text, node.getEnd()) ?? []) ranges.push([c.pos, c.end]);
  };
  visit(file);
  return ranges;
}

const outside = [];
const files = program.getSourceFiles().filter((f) => f.fileName.startsWith(path.join(root, 'src') + path.sep));
for (const file of files) {
  const text = file.getFullText();
  let ranges = null;
  for (const marker of job.markers) {
    for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
      ranges ??= dataRanges(file);
      if (!ranges.some(([start, end]) => start <= at && at + marker.length <= end)) {
        const line = where(file, at);
        outside.push({ file: path.relative(root, file.fileName), line, text: text.split('\n')[line - 1] });
      }
    }
  }
}
process.stdout.write(JSON.stringify({ diagnostics, outside, files: files.length }));
