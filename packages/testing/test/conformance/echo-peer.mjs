// The conformance suite's echo peer as a real process: answers `initialize`, echoes `echo`
// messages unchanged, and exits 0 when its input ends.
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  const message = JSON.parse(line);
  if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
    process.stdout.write(
      `${JSON.stringify({ type: 'control_response', response: { subtype: 'success', request_id: message.request_id, response: {} } })}\n`,
    );
  } else if (message.type === 'echo') {
    process.stdout.write(`${JSON.stringify(message)}\n`);
  }
});
