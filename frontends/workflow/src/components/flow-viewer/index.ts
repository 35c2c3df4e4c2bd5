/** The read-only flow chart (seed 001 §2.3, §4.3), for the designer's preview and every instance screen. */
export { FlowViewer, loadFlowChart, type FlowViewerProps } from './FlowViewer';
export { FlowChartDialog, type FlowChartDialogProps } from './FlowChartDialog';
export { chartColours, COLOURS, MARKER, type ChartColour, type FlowChart } from './colours';
