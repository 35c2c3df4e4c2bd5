/** The answers of workflow's HTTP API as its OpenAPI declares them (generated in `schema.gen.ts` by
 * `make clients`): pages name these instead of declaring an answer's shape by hand. */
import type { components } from './schema.gen';

type Schemas = components['schemas'];

export type DecisionPage = Schemas['DecisionPage'];
export type DecisionPublic = Schemas['DecisionPublic'];
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
