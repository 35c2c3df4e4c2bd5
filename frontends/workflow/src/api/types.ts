/** The answers of workflow's HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type DecisionPage = Schemas['DecisionPage'];
export type DecisionPublic = Schemas['DecisionPublic'];
export type DecisionTableAudit = Schemas['DecisionTableAudit'];
export type LiteralExpressionAudit = Schemas['LiteralExpressionAudit'];
export type DecisionExecutionPublic = Schemas['DecisionExecutionPublic'];
export type DecisionExecutionList = Schemas['DecisionExecutionList'];
export type ExecuteResult = Schemas['ExecuteResult'];
export type RestVariable = Schemas['RestVariable'];
export type Incident = Schemas['Incident'];
export type IncidentList = Schemas['IncidentList'];
export type AllowedHosts = Schemas['AllowedHosts'];
export type WorkerToken = Schemas['WorkerToken'];
export type ExternalTaskPage = Schemas['ExternalTaskPage'];
export type ExternalTaskRow = Schemas['ExternalTaskRow'];
export type ProcessCase = Schemas['ProcessCase'];
export type CaseStep = Schemas['CaseStep'];
export type CaseExpect = Schemas['CaseExpect'];
export type SavedSuite = Schemas['SavedSuite'];
export type RunRequest = Schemas['RunRequest'];
export type SuiteResult = Schemas['SuiteResult'];
export type CaseResult = Schemas['CaseResult'];
export type TodoRow = Schemas['TodoRow'];
export type DoneRow = Schemas['DoneRow'];
export type InstancePublic = Schemas['InstancePublic'];
export type DefinitionPublic = Schemas['DefinitionPublic'];
export type DefinitionPage = Schemas['DefinitionPage'];
export type TaskDef = Schemas['TaskDef'];
export type TaskInfo = Schemas['TaskInfo'];
export type TaskButton = Schemas['TaskButton'];
export type HistoryStep = Schemas['HistoryStep'];
export type StepComment = Schemas['StepComment'];
export type FlowChart = Schemas['FlowChart'];
export type Signer = Schemas['Signer'];
export type BackNode = Schemas['BackNode'];
export type CopyPublic = Schemas['CopyPublic'];
export type TaskOverview = Schemas['TaskOverview'];
export type FieldChange = Schemas['FieldChange'];
export type FormChangeEntry = Schemas['FormChangeEntry'];
export type FormHistory = Schemas['FormHistory'];
export type ProcessVariables = Schemas['ProcessVariables'];
export type ModelPublic = Schemas['ModelPublic'];
export type ModelEditor = Schemas['ModelEditor'];
export type DryRunRequest = Schemas['DryRunRequest'];
export type DryRunResult = Schemas['DryRunResult'];
export type DryRunStep = Schemas['DryRunStep'];
export type RuleOutcome = Schemas['RuleOutcome'];
export type ButtonRecord = Schemas['ButtonRecord'];
export type ConditionRecord = Schemas['ConditionRecord'];
export type ListenerRecord = Schemas['ListenerRecord'];
export type WorkerPublic = Schemas['WorkerPublic'];
export type CategoryNode = Schemas['NodeTree'];
export type CategoryRecord = Schemas['NodePublic'];
export type NoticePublic = Schemas['NoticePublic'];
export type NoticePage = Schemas['NoticePage'];
export type UnreadCount = Schemas['UnreadCount'];
/** forms' answers that workflow reads (a task's form layout, the designer's form picker), named once
 * here so no other file reaches into the forms remote. */
export type { DefinitionPublic as FormDefinition, VersionPublic as FormVersion } from '../../../forms/src/api/types';
