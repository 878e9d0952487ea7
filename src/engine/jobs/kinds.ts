/**
 * The kinds of job the queue holds. They live with the queue, not with their handlers, so a
 * module that reads the queue (a document's state, a run's) needs nothing of the code that runs them.
 */

/** The job kind of a workflow run. */
export const RUN_JOB_KIND = 'workflow_run';
