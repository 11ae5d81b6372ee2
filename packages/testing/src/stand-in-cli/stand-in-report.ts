import type { StandInReport } from './stand-in-scenario.js';

/** The field of a `result` message that carries the turn's workload report ({@link StandInReport}). */
export const STAND_IN_REPORT_FIELD = 'stand_in_report';

/**
 * The workload report a `result` message of the stand-in CLI carries.
 *
 * @throws Error when the message carries none.
 */
export function standInReportOf(result: unknown): StandInReport {
  const report = (result as Record<string, unknown> | undefined)?.[STAND_IN_REPORT_FIELD];
  if (typeof report !== 'object' || report === null) {
    throw new Error(
      `the result message carries no ${STAND_IN_REPORT_FIELD} report: ${JSON.stringify(result).slice(0, 300)}`,
    );
  }
  return report as StandInReport;
}
