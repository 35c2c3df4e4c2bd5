/** What is being dragged right now: a palette type (a new widget) or an existing widget's key. */
export type Dragging = { kind: 'new'; type: import('../render').WidgetType } | { kind: 'move'; key: string } | null;

let current: Dragging = null;
export const dnd = {
  get: () => current,
  set: (d: Dragging) => {
    current = d;
  },
};
