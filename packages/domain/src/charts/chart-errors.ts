/**
 * Why an aggregation could not make a chart. The UI shows 'The chart could not be generated' with
 * the message; codes are stable strings the web app may translate.
 */
export const CHART_ERROR_MESSAGES = {
  INVALID_SETTINGS: 'The chart settings are not valid.',
  NO_SERIES: 'Choose at least one value to show.',
  TOO_MANY_SERIES: 'A chart shows at most 7 values.',
  ONE_SERIES_ONLY: 'Pie, donut and single-number charts show one value, without a split.',
  SPLIT_ONE_MEASURE: 'A chart split by an attribute shows one value.',
  X_AXIS_REQUIRED: 'Choose an attribute for the x axis.',
  KPI_WITH_X_AXIS: 'A single number has no x axis.',
  UNKNOWN_ATTRIBUTE: 'An attribute of this chart no longer exists.',
  X_AXIS_TYPE: 'The x axis can show a label, members, checkbox or date attribute only.',
  SPLIT_TYPE: 'A chart can be split by a label, members or checkbox attribute only.',
  NOT_A_NUMBER: 'Sum, average, minimum and maximum need a number or formula attribute.',
  INVALID_TIME_ZONE: 'The time zone is not known.',
} as const;

export type ChartErrorCode = keyof typeof CHART_ERROR_MESSAGES;

export interface ChartError {
  code: ChartErrorCode;
  message: string;
  /** The attribute the reason is about, when there is one. */
  attributeId?: string;
}

export function chartError(code: ChartErrorCode, attributeId?: string): { error: ChartError } {
  const error: ChartError = { code, message: CHART_ERROR_MESSAGES[code] };
  if (attributeId !== undefined) error.attributeId = attributeId;
  return { error };
}
