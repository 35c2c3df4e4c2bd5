/**
 * Our Flowable moddle descriptor (seed 001 §3.1): every `flowable:` attribute and extension
 * element the Flowable modeler and JeePlus write, so that opening and saving a model loses
 * nothing and the panels read typed values. `activiti:` files are read through
 * `normaliseNamespaces` (./namespaces.ts), which maps them onto this package.
 */

type Prop = { name: string; type: string; isAttr?: boolean; isBody?: boolean; isMany?: boolean; default?: unknown; isReference?: boolean };
type ModdleType = { name: string; superClass?: string[]; extends?: string[]; isAbstract?: boolean; meta?: { allowedIn?: string[] }; properties: Prop[] };

const attr = (name: string, type = 'String', extra: Partial<Prop> = {}): Prop => ({ name, type, isAttr: true, ...extra });
const many = (name: string, type: string): Prop => ({ name, type, isMany: true });
const body = (name = 'body'): Prop => ({ name, type: 'String', isBody: true });
const ext = (name: string, properties: Prop[], allowedIn: string[] = ['*']): ModdleType => ({ name, superClass: ['Element'], meta: { allowedIn }, properties });

const delegate = [attr('class'), attr('expression'), attr('delegateExpression')];

export const FLOWABLE_URI = 'http://flowable.org/bpmn';
export const ACTIVITI_URI = 'http://activiti.org/bpmn';

const types: ModdleType[] = [
  // ---- attributes added to BPMN elements ----
  { name: 'Definitions', isAbstract: true, extends: ['bpmn:Definitions'], properties: [attr('diagramRelationId')] },
  {
    name: 'Process',
    isAbstract: true,
    extends: ['bpmn:Process'],
    properties: [
      attr('candidateStarterGroups'), attr('candidateStarterUsers'), attr('versionTag'), attr('historyTimeToLive'), attr('historyLevel'),
      attr('isStartableInTasklist', 'Boolean'), attr('processCategory'), attr('taskPriority'),
    ],
  },
  {
    name: 'AsyncCapable',
    isAbstract: true,
    extends: ['bpmn:Activity', 'bpmn:Gateway', 'bpmn:Event'],
    properties: [
      attr('async', 'Boolean'), attr('asyncBefore', 'Boolean'), attr('asyncAfter', 'Boolean'), attr('exclusive', 'Boolean'),
      attr('asyncLeave', 'Boolean'), attr('asyncLeaveExclusive', 'Boolean'),
      attr('jobPriority'), attr('failedJobRetryTimeCycle'), attr('skipExpression'),
    ],
  },
  { name: 'JobPriorized', isAbstract: true, extends: ['bpmn:Process', 'bpmn:Participant'], properties: [attr('jobPriority')] },
  { name: 'Initiator', isAbstract: true, extends: ['bpmn:StartEvent'], properties: [attr('initiator'), attr('formKey'), attr('formFieldValidation', 'Boolean'), attr('formType'), attr('outFormKey'), attr('formReadOnly', 'Boolean')] },
  {
    name: 'Assignable',
    isAbstract: true,
    extends: ['bpmn:UserTask'],
    properties: [
      attr('assignee'), attr('candidateUsers'), attr('candidateGroups'), attr('dueDate'), attr('followUpDate'), attr('priority'),
      attr('owner'), attr('category'), attr('formKey'), attr('formFieldValidation', 'Boolean'), attr('businessCalendarName'),
      attr('formType'), attr('outFormKey'), attr('formReadOnly', 'Boolean'), attr('sameDeployment', 'Boolean'), attr('taskIdVariableName'),
      // Loom's approver policy (node settings of the same names, issue 27)
      attr('emptyApprover'), attr('autoApprove'), attr('backReturn'),
      attr('dueDuration'), attr('dueCalendar'), attr('dueAction'), attr('dueTransferTo'),
    ],
  },
  {
    name: 'ServiceTaskLike',
    isAbstract: true,
    extends: ['bpmn:ServiceTask', 'bpmn:BusinessRuleTask', 'bpmn:SendTask', 'bpmn:MessageEventDefinition'],
    properties: [
      ...delegate, attr('resultVariable'), attr('resultVariableName'), attr('type'), attr('topic'), attr('triggerable', 'Boolean'),
      attr('useLocalScopeForResultVariable', 'Boolean'), attr('storeResultVariableAsTransient', 'Boolean'), attr('decisionRef'),
      attr('decisionRefBinding'), attr('decisionRefVersion'), attr('decisionRefVersionTag'), attr('mapDecisionResult'), attr('decisionRefTenantId'), attr('connectorId'),
      attr('decisionTableReferenceKey'), attr('fallbackToDefaultTenant', 'Boolean'), attr('taskPriority'),
    ],
  },
  { name: 'ScriptTask', isAbstract: true, extends: ['bpmn:ScriptTask'], properties: [attr('resultVariable'), attr('resource'), attr('autoStoreVariables', 'Boolean')] },
  {
    name: 'CallActivity',
    isAbstract: true,
    extends: ['bpmn:CallActivity'],
    properties: [
      attr('calledElementType'), attr('calledElementBinding'), attr('calledElementVersion'), attr('calledElementVersionTag'),
      attr('calledElementTenantId'), attr('caseRef'), attr('caseBinding'), attr('caseVersion'), attr('caseTenantId'),
      attr('variableMappingClass'), attr('variableMappingDelegateExpression'), attr('businessKey'), attr('inheritBusinessKey', 'Boolean'),
      attr('inheritVariables', 'Boolean'), attr('processInstanceName'), attr('fallbackToDefaultTenant', 'Boolean'),
      attr('sameDeployment', 'Boolean'), attr('completeAsync', 'Boolean'), attr('idVariableName'), attr('useLocalScopeForOutParameters', 'Boolean'),
    ],
  },
  {
    name: 'MultiInstance',
    isAbstract: true,
    extends: ['bpmn:MultiInstanceLoopCharacteristics'],
    properties: [attr('collection'), attr('elementVariable'), attr('elementIndexVariable'), attr('asyncBefore', 'Boolean'), attr('asyncAfter', 'Boolean'), attr('exclusive', 'Boolean'), attr('failedJobRetryTimeCycle')],
  },
  { name: 'SequenceFlow', isAbstract: true, extends: ['bpmn:SequenceFlow'], properties: [attr('skipExpression'), attr('conditionType')] },
  { name: 'ErrorEventDefinitionExt', isAbstract: true, extends: ['bpmn:ErrorEventDefinition'], properties: [attr('errorCodeVariable'), attr('errorMessageVariable'), attr('errorVariableName'), attr('errorVariableLocalScope', 'Boolean'), attr('errorVariableTransient', 'Boolean')] },
  { name: 'Error', isAbstract: true, extends: ['bpmn:Error'], properties: [attr('errorMessage')] },
  { name: 'SignalEventDefinitionExt', isAbstract: true, extends: ['bpmn:SignalEventDefinition'], properties: [attr('signalExpression')] },
  { name: 'Signal', isAbstract: true, extends: ['bpmn:Signal'], properties: [attr('scope')] },
  { name: 'MessageEventDefinitionExt', isAbstract: true, extends: ['bpmn:MessageEventDefinition'], properties: [attr('messageExpression')] },
  { name: 'TimerEventDefinitionExt', isAbstract: true, extends: ['bpmn:TimerEventDefinition'], properties: [attr('businessCalendarName'), attr('endDate')] },
  { name: 'Link', isAbstract: true, extends: ['bpmn:LinkEventDefinition'], properties: [] },
  { name: 'TerminateEnd', isAbstract: true, extends: ['bpmn:TerminateEventDefinition'], properties: [attr('terminateAll', 'Boolean'), attr('terminateMultiInstance', 'Boolean')] },
  { name: 'Compensate', isAbstract: true, extends: ['bpmn:CompensateEventDefinition'], properties: [] },
  { name: 'ConditionalEventDefinitionExt', isAbstract: true, extends: ['bpmn:ConditionalEventDefinition'], properties: [attr('variableName'), attr('variableEvents')] },
  { name: 'ReceiveTaskExt', isAbstract: true, extends: ['bpmn:ReceiveTask'], properties: [] },
  { name: 'TextAnnotationExt', isAbstract: true, extends: ['bpmn:TextAnnotation'], properties: [] },

  // ---- extension elements ----
  ext('ExecutionListener', [attr('event'), ...delegate, attr('onTransaction'), attr('customPropertiesResolverClass'), many('fields', 'Field'), { name: 'script', type: 'Script' }]),
  ext('TaskListener', [attr('event'), ...delegate, attr('id'), attr('onTransaction'), many('fields', 'Field'), { name: 'script', type: 'Script' }]),
  ext('EventListener', [attr('events'), attr('class'), attr('delegateExpression'), attr('entityType'), attr('throwEvent'), attr('signalName'), attr('messageName'), attr('errorCode')]),
  // As in Flowable's own XML: `<flowable:string>` / `<flowable:expression>` children; an `expression="…"` attribute reads into the same property.
  { name: 'Field', superClass: ['Element'], properties: [attr('name'), attr('stringValue'), { name: 'string', type: 'String' }, { name: 'expression', type: 'String' }] },
  // also an input/output parameter's definition, as in the Camunda dialect the Flowable modeler shares
  { name: 'Script', superClass: ['InputOutputParameterDefinition'], properties: [attr('scriptFormat'), attr('resource'), body('value')] },
  ext('FormProperty', [attr('id'), attr('name'), attr('type'), attr('readable', 'Boolean'), attr('writable', 'Boolean'), attr('addable', 'Boolean'), attr('deletable', 'Boolean'), attr('required', 'Boolean'), attr('variable'), attr('expression'), attr('datePattern'), attr('default'), many('values', 'Value'), { name: 'validation', type: 'Validation' }]),
  // an enum value of a form field, or an item of a list parameter (its text as the body)
  { name: 'Value', superClass: ['InputOutputParameterDefinition'], properties: [attr('id'), attr('name'), body('value')] },
  ext('FormData', [many('fields', 'FormField'), attr('businessKey')]),
  { name: 'FormField', superClass: ['Element'], properties: [attr('id'), attr('label'), attr('type'), attr('datePattern'), attr('defaultValue'), { name: 'properties', type: 'Properties' }, { name: 'validation', type: 'Validation' }, many('values', 'Value')] },
  { name: 'Validation', superClass: ['Element'], properties: [many('constraints', 'Constraint')] },
  { name: 'Constraint', superClass: ['Element'], properties: [attr('name'), attr('config')] },
  ext('Properties', [many('values', 'Property')]),
  { name: 'Property', superClass: ['Element'], properties: [attr('id'), attr('name'), attr('value')] },
  ext('In', [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('businessKey'), attr('local', 'Boolean')]),
  ext('Out', [attr('source'), attr('sourceExpression'), attr('target'), attr('variables'), attr('local', 'Boolean')]),
  ext('InputOutput', [many('inputParameters', 'InputParameter'), many('outputParameters', 'OutputParameter')]),
  { name: 'InputOutputParameter', superClass: ['Element'], properties: [attr('name'), body('value'), { name: 'definition', type: 'InputOutputParameterDefinition' }] },
  { name: 'InputOutputParameterDefinition', isAbstract: true, properties: [] },
  { name: 'InputParameter', superClass: ['InputOutputParameter'], properties: [] },
  { name: 'OutputParameter', superClass: ['InputOutputParameter'], properties: [] },
  { name: 'List', superClass: ['InputOutputParameterDefinition'], properties: [many('items', 'InputOutputParameterDefinition')] },
  { name: 'Map', superClass: ['InputOutputParameterDefinition'], properties: [many('entries', 'Entry')] },
  { name: 'Entry', superClass: ['Element'], properties: [attr('key'), body('value'), { name: 'definition', type: 'InputOutputParameterDefinition' }] },
  ext('Connector', [{ name: 'inputOutput', type: 'InputOutput' }, { name: 'connectorId', type: 'ConnectorId' }], ['flowable:ServiceTaskLike']),
  { name: 'ConnectorId', superClass: ['Element'], properties: [body()] },
  ext('FailedJobRetryTimeCycle', [body()]),
  ext('ErrorEventDefinition', [attr('id'), { name: 'errorRef', type: 'bpmn:Error', isAttr: true, isReference: true }, attr('expression')], ['bpmn:ServiceTask']),
  ext('PotentialStarter', [{ name: 'resourceAssignmentExpression', type: 'bpmn:ResourceAssignmentExpression' }]),
  // JeePlus product extensions: buttons, reviewers and condition rows on a node.
  ext('Button', [attr('id'), attr('name'), attr('code'), attr('isHide'), attr('next'), attr('sort')]),
  ext('Assignee', [attr('id'), attr('type'), attr('value'), attr('condition'), attr('operationType'), attr('sort')]),
  ext('Condition', [attr('id'), attr('field'), attr('compare'), attr('value'), attr('logic'), attr('sort')]),
  ext('CustomProperties', [many('values', 'Property')]),
];

/** The descriptor passed to bpmn-js as `moddleExtensions.flowable`. */
export const flowableDescriptor = {
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types,
  enumerations: [],
};
