/** A blank diagram (seed 001 §1, §2.1): one start event named 'start' in a non-executable process, initiator applyUserId. */
export function newDiagramXml(opts: { key?: string; name?: string } = {}): string {
  const key = opts.key || `Process_${Date.now().toString(36)}`;
  const name = (opts.name ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${key}" targetNamespace="http://flowable.org/bpmn">
  <bpmn2:process id="${key}" name="${name}" isExecutable="false">
    <bpmn2:startEvent id="start" name="start" flowable:initiator="applyUserId" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="200" y="200" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="205" y="243" width="26" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
}
