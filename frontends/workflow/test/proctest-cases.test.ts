import { describe, expect, it } from 'vitest';
import { blankCase, blankStep, exportSuite, filled, parseSuite, parseValue, showValue } from '../src/designer/features/proctest/cases';

describe('process test cases as a file', () => {
  it('export leaves out what the service fills in and import reads it back whole', () => {
    // given a case with a default step, a wait and one expectation
    const c = filled({ ...blankCase('五天假到人事', 'u1'), variables: { days: 5 }, steps: [blankStep('dept'), { ...blankStep(), wait: 'PT48H' }] });
    c.expect = { ...c.expect!, end: 'end' };
    // when
    const text = exportSuite([c]);
    // then the file reads as what the case checks
    expect(JSON.parse(text)).toEqual({
      cases: [{ name: '五天假到人事', initiator: 'u1', variables: { days: 5 }, steps: [{ node: 'dept' }, { wait: 'PT48H' }], expect: { end: 'end' } }],
    });
    // and an import gives the editor every field again
    expect(parseSuite(text)).toEqual([c]);
  });

  it('import takes a bare list too, and names a case without an initiator', () => {
    expect(parseSuite('[{"name": "a", "initiator": "u"}]')[0]?.steps).toEqual([]);
    expect(() => parseSuite('{"cases": [{"name": "a"}]}')).toThrow('caseInvalid');
    expect(() => parseSuite('<xml/>')).toThrow('notSuite');
  });

  it('a typed value is a number, a boolean or JSON when it reads as one, else text', () => {
    expect([parseValue('5'), parseValue('true'), parseValue('人事'), parseValue('[1]')]).toEqual([5, true, '人事', [1]]);
    expect([showValue(5), showValue('5 天')]).toEqual(['5', '5 天']);
  });
});

describe('process test texts', () => {
  it('say the same things in zh-CN and en-US', async () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`])).sort();
    const zh = (await import('../src/designer/features/proctest/messages.zh-CN.json')).default;
    const en = (await import('../src/designer/features/proctest/messages.en-US.json')).default;
    expect(keys(en)).toEqual(keys(zh));
  });
});
