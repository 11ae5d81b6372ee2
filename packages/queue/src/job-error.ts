import type { JobError } from './job-queue.js';

/** The serializable form of a thrown value, for a job's failure record. */
export function toJobError(error: unknown): JobError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { message: error.message, name: error.name, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { message: String(error) };
}
