import { AI_CHECK_STATUS, TEXT_STATE } from '@veritext/contracts';

/**
 * The check status labels of the cabinet (commerce-and-cabinet.md §4: "waiting for source, waiting for report, in
 * process, in progress, check in progress, check aborted, failed, AI check failed, ready to upload, ready to check,
 * bad file format") as My Documents shows them, from a document's state (3 in progress, 4 failed, 5 ready) and its
 * AI check's status (null none, 1 queued, 2 processing, 3 failed, 4 done, 5-9 not checkable).
 *
 * The mapping (documents here are stored only once their text was read and sent, so the spec's "ready to upload",
 * "ready to check" and "bad file format" — a file refused on upload shows its message in the check form — and
 * "waiting for source" have no state of their own; they keep a label so that the catalogue has all of the spec's):
 *
 * | state | AI status     | label                                   |
 * |-------|---------------|-----------------------------------------|
 * | 3     | any           | In process                              |
 * | 4     | any           | Check aborted (its pages were returned) |
 * | 5     | null or 4     | Ready                                   |
 * | 5     | 1, 2          | Report ready, AI check in progress      |
 * | 5     | 3             | AI check failed                         |
 * | 5     | 5-9           | Ready, AI check not possible            |
 * | other | any           | Failed                                  |
 */
export const STATUS_LABELS = [
  'waitingForSource',
  'waitingForReport',
  'inProcess',
  'inProgress',
  'checkInProgress',
  'checkAborted',
  'failed',
  'aiCheckFailed',
  'readyToUpload',
  'readyToCheck',
  'badFileFormat',
  'ready',
  'aiCheckInProgress',
  'aiNotPossible',
] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

/** How a label looks: the colour family of its badge (documents.css). */
export type StatusTone = 'progress' | 'ready' | 'warning' | 'failed';

/** The i18n key of each label (t() keys stay string literals: the catalogue test finds them here). */
export const STATUS_LABEL_KEYS = {
  waitingForSource: 'folders.status.waitingForSource',
  waitingForReport: 'folders.status.waitingForReport',
  inProcess: 'folders.status.inProcess',
  inProgress: 'folders.status.inProgress',
  checkInProgress: 'folders.status.checkInProgress',
  checkAborted: 'folders.status.checkAborted',
  failed: 'folders.status.failed',
  aiCheckFailed: 'folders.status.aiCheckFailed',
  readyToUpload: 'folders.status.readyToUpload',
  readyToCheck: 'folders.status.readyToCheck',
  badFileFormat: 'folders.status.badFileFormat',
  ready: 'folders.status.ready',
  aiCheckInProgress: 'folders.status.aiCheckInProgress',
  aiNotPossible: 'folders.status.aiNotPossible',
} as const satisfies Record<StatusLabel, string>;

export const STATUS_TONES: Record<StatusLabel, StatusTone> = {
  waitingForSource: 'progress',
  waitingForReport: 'progress',
  inProcess: 'progress',
  inProgress: 'progress',
  checkInProgress: 'progress',
  checkAborted: 'failed',
  failed: 'failed',
  aiCheckFailed: 'warning',
  readyToUpload: 'progress',
  readyToCheck: 'progress',
  badFileFormat: 'failed',
  ready: 'ready',
  aiCheckInProgress: 'ready',
  aiNotPossible: 'ready',
};

const AI_RUNNING: readonly number[] = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing];

/** The label of a document (see the table above). */
export function statusLabel(document: { state: number; ai_status: number | null }): StatusLabel {
  if (document.state === TEXT_STATE.inProgress) return 'inProcess';
  if (document.state === TEXT_STATE.failed) return 'checkAborted';
  if (document.state !== TEXT_STATE.ready) return 'failed';
  const ai = document.ai_status;
  if (ai === null || ai === AI_CHECK_STATUS.done) return 'ready';
  if (AI_RUNNING.includes(ai)) return 'aiCheckInProgress';
  if (ai === AI_CHECK_STATUS.failed) return 'aiCheckFailed';
  return 'aiNotPossible';
}

/** Whether the label shows a spinner (the check or its AI part is still running). */
export function isRunning(label: StatusLabel): boolean {
  return STATUS_TONES[label] === 'progress' || label === 'aiCheckInProgress';
}
