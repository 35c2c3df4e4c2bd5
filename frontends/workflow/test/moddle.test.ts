import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BpmnModdle } from 'bpmn-moddle';
import { flowableDescriptor } from '../src/designer/moddle/flowable';
import { normaliseNamespaces, prepareForImport, restoreAfterExport } from '../src/designer/moddle/namespaces';

const dir = join(__dirname, 'fixtures');
const moddle = () => new BpmnModdle({ flowable: flowableDescriptor });

/** Every `flowable:` attribute and element of a document, as comparable strings (element path, name, value). */
function flowableFacts(xml: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const facts: string[] = [];
  const walk = (el: Element, path: string) => {
    const here = `${path}/${el.localName}${el.getAttribute('id') ? '#' + el.getAttribute('id') : ''}`;
    for (const a of Array.from(el.attributes)) {
      if (a.namespaceURI === 'http://flowable.org/bpmn' || el.namespaceURI === 'http://flowable.org/bpmn') facts.push(`${here}@${a.localName}=${a.value}`);
    }
    if (el.namespaceURI === 'http://flowable.org/bpmn') {
      facts.push(`${here}<${el.localName}>`);
      if (el.children.length === 0 && el.textContent?.trim()) facts.push(`${here}=${el.textContent.trim()}`);
    }
    Array.from(el.children).forEach((c) => walk(c, here));
  };
  walk(doc.documentElement, '');
  return facts.sort();
}

async function roundTrip(xml: string): Promise<{ xml: string; warnings: unknown[] }> {
  const m = moddle();
  const { rootElement, warnings } = await m.fromXML(prepareForImport(xml), 'bpmn:Definitions');
  const { xml: out } = await m.toXML(rootElement, { format: true });
  // DI warnings of the original files are not ours; anything about a flowable: element is.
  return { xml: restoreAfterExport(out), warnings: warnings.filter((w: { message: string }) => /flowable|loomkeep/.test(w.message)) };
}

describe('the Flowable descriptor', () => {
  for (const file of readdirSync(dir)) {
    it(`opens and saves ${file} without losing a flowable: attribute or element`, async () => {
      // given a file written by the Flowable modeler (or JeePlus)
      const xml = readFileSync(join(dir, file), 'utf8');
      // when it is read and written again
      const { xml: out, warnings } = await roundTrip(xml);
      // then every flowable: fact survives and nothing was unparsable
      expect(warnings).toEqual([]);
      expect(flowableFacts(out)).toEqual(flowableFacts(xml));
    });
  }

  it('reads the product extensions as typed values', async () => {
    const { rootElement } = await moddle().fromXML(readFileSync(join(dir, 'jeeplus-leave.bpmn'), 'utf8'), 'bpmn:Definitions');
    const process = (rootElement as any).rootElements[0];
    const task = process.flowElements.find((e: any) => e.id === 'audit');
    expect(task.get('flowable:assignee')).toBe('${assignee}');
    const values = task.extensionElements.values;
    expect(values.filter((v: any) => v.$type === 'flowable:Button').map((b: any) => b.code)).toEqual(['_flow_agree', '_flow_reject']);
    expect(values.find((v: any) => v.$type === 'flowable:Assignee').type).toBe('depart');
    const listener = process.extensionElements.values[0];
    expect(listener.fields.map((f: any) => f.name)).toEqual(['greeting', 'who']);
    expect(listener.fields[1].expression).toBe('${applyUserId}');
  });

  it('reads activiti: attributes as flowable: ones', async () => {
    // given an Activiti-era file
    const xml =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:activiti="http://activiti.org/bpmn" targetNamespace="x"><process id="p"><userTask id="t" activiti:assignee="kermit" activiti:candidateGroups="management"><extensionElements><activiti:taskListener event="create" class="a.B"/></extensionElements></userTask></process></definitions>';
    // when it is read
    const { rootElement, warnings } = await moddle().fromXML(normaliseNamespaces(xml), 'bpmn:Definitions');
    // then the panel sees flowable: values
    const task = (rootElement as any).rootElements[0].flowElements[0];
    expect(warnings).toEqual([]);
    expect(task.get('flowable:assignee')).toBe('kermit');
    expect(task.get('flowable:candidateGroups')).toBe('management');
    expect(task.extensionElements.values[0].$type).toBe('flowable:TaskListener');
  });
});
