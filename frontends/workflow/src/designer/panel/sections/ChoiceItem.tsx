import { Form, Radio } from 'antd';

/**
 * A section's labelled one-of choice as radio buttons (a condition by form field or expression, a
 * dynamic or external form, an approval mode): `choices` pairs each value with its text.
 */
export function ChoiceItem<V extends string>({ label, value, onChange, field, choices }: { label: string; value: V | undefined; onChange: (next: V) => void; field: string; choices: Array<[V, string]> }) {
  return (
    <Form.Item label={label}>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as V)} data-field={field}>
        {choices.map(([v, text]) => (
          <Radio key={v} value={v}>
            {text}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
