/** The services domain's limits, its §5 / §8 texts and their stable codes, and the problem shape the rules answer. */

/** §9 Service limits. */
export const BP_LIMITS = {
  steps: 5,
  fields: 10,
  performers: 5,
  minStepsToStart: 2,
  string: 50,
  text: 5000,
  name: 200,
  description: 5000,
  reason: 2000,
} as const;

/** §5 / §8 service texts (server and web say the same thing); each has a stable code in BP_CODES. */
export const BP_TEXT = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  groupRequired: 'Group is required',
  groupNotFound: 'The service group was not found',
  stepsMax: 'Max 5 steps',
  fieldsMax: 'Max 10 fields per form',
  performersMax: 'Max 5 performers per step',
  stepNameRequired: 'Form name is required',
  fieldNameRequired: 'Field name is required',
  performersRequired: 'Receivers are required',
  optionsRequired: 'A select field needs options',
  minStepsToStart: 'A request needs at least 2 steps',
  stringMax: 'Max 50 symbols',
  invalidNumber: 'Enter a number',
  invalidDate: 'Invalid date',
  invalidPeriod: 'Invalid period',
  notAnOption: 'Choose one of the options',
  invalidCheckbox: 'Invalid value',
  invalidEmail: 'Invalid e-mail',
  invalidPhone: 'Invalid phone format',
  userNotInClient: 'Choose employees of your company',
  invalidValue: 'Invalid value',
  fieldRequired: 'Field is required',
  notPerformer: 'You are not a performer of this step',
  notAllowed: 'This service is not available to you',
  reasonRequired: 'Give a reason to decline',
  reviewNoDecline: 'A review step is only acknowledged',
  notActive: 'The request is finished',
  notFinished: 'Only a finished request becomes a template',
  chiefNotFound: 'The direct chief was not found: ask an administrator to set a head for your department in Structure',
  noPerformers: 'The step has no performers',
  stepChanged: 'The request moved on: reload it',
  groupHasServices: 'The group has services',
  fileNotOwn: 'Attach a file you uploaded',
} as const;

/** Stable codes of the §5 service texts (the web words them in ru, uk, en). */
export const BP_CODES = {
  nameRequired: 'bpNameRequired',
  descriptionRequired: 'bpDescriptionRequired',
  groupRequired: 'bpGroupRequired',
  groupNotFound: 'bpGroupNotFound',
  stepsMax: 'bpStepsMax',
  fieldsMax: 'bpFieldsMax',
  performersMax: 'bpPerformersMax',
  stepNameRequired: 'bpStepNameRequired',
  fieldNameRequired: 'bpFieldNameRequired',
  performersRequired: 'bpPerformersRequired',
  optionsRequired: 'bpOptionsRequired',
  minStepsToStart: 'bpMinStepsToStart',
  stringMax: 'bpStringMax',
  invalidNumber: 'bpInvalidNumber',
  invalidDate: 'bpInvalidDate',
  invalidPeriod: 'bpInvalidPeriod',
  notAnOption: 'bpNotAnOption',
  invalidCheckbox: 'bpInvalidCheckbox',
  invalidEmail: 'bpInvalidEmail',
  invalidPhone: 'bpInvalidPhone',
  userNotInClient: 'bpUserNotInClient',
  invalidValue: 'bpInvalidValue',
  fieldRequired: 'bpFieldRequired',
  notPerformer: 'bpNotPerformer',
  notAllowed: 'bpNotAllowed',
  reasonRequired: 'bpReasonRequired',
  reviewNoDecline: 'bpReviewNoDecline',
  notActive: 'bpNotActive',
  notFinished: 'bpNotFinished',
  chiefNotFound: 'bpChiefNotFound',
  noPerformers: 'bpNoPerformers',
  stepChanged: 'bpStepChanged',
  groupHasServices: 'bpGroupHasServices',
  fileNotOwn: 'bpFileNotOwn',
} as const satisfies Record<keyof typeof BP_TEXT, string>;

/** A §5 problem: the field path, the text and its code. */
export interface BpIssue {
  field: string;
  message: string;
  code: string;
  params?: Record<string, unknown>;
}
export const bpIssue = (field: string, key: keyof typeof BP_TEXT, params?: Record<string, unknown>): BpIssue => ({
  field,
  message: BP_TEXT[key],
  code: BP_CODES[key],
  ...(params ? { params } : {}),
});
