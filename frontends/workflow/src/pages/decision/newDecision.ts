/** The DMN 1.3 text of a new decision model: one decision table (UNIQUE) with an input and an output. */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function newDecisionXml(key: string, name: string): string {
  const k = escape(key);
  const n = escape(name);
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:dmndi="https://www.omg.org/spec/DMN/20191111/DMNDI/" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" id="definitions_${k}" name="${n}" namespace="http://loom/dmn">
  <decision id="${k}" name="${n}">
    <decisionTable id="table_${k}" hitPolicy="UNIQUE">
      <input id="input_1" label="Input"><inputExpression id="inputExpression_1" typeRef="string"><text></text></inputExpression></input>
      <output id="output_1" label="Output" name="result" typeRef="string" />
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="DMNDiagram_${k}">
      <dmndi:DMNShape id="DMNShape_${k}" dmnElementRef="${k}"><dc:Bounds height="80" width="180" x="160" y="100" /></dmndi:DMNShape>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>
`;
}
