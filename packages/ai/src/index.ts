export {
  detectAi,
  verdictLevel,
  significantCharacters,
  AI_STATUS_CODE,
  FLAG_LEVEL,
  MAX_WORDS,
  MIN_CHARACTERS,
  VERDICTS,
  type AiChunk,
  type AiDetection,
  type AiStatus,
  type DetectOptions,
  type Reliability,
  type Verdict,
} from './detect.ts';
export { identifyLanguage, type DetectorLanguage, type LanguageGuess } from './language.ts';
export { defaultModel, modelFromFile, DEFAULT_MODEL_PATH, type Model, type ModelFile } from './model.ts';
export {
  defaultCalibration,
  measuredEvidence,
  readCalibration,
  CALIBRATION_MAX_WORDS,
  DEFAULT_CALIBRATION_PATH,
  type CalibrationFile,
  type Evidence,
  type EvidenceCell,
  type OutcomeCounts,
} from './calibration.ts';
