// The e2e helpers live in the test kit (`@hexagent/testing`), shared by every package's real-CLI tests;
// the names these tests use, kept.
export {
  byPrompt,
  type CliHarness as E2eHarness,
  collect,
  collectSettled,
  results,
  resultText,
  startCliHarness as startHarness,
} from '@hexagent/testing';
