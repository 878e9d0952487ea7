import { m001ServiceMeta } from './001-service-meta.js';
import { m002Queries } from './002-queries.js';
import { m003ChatSessions } from './003-chat-sessions.js';
import { m004SessionEvents } from './004-session-events.js';
import { m005RunsAndJobs } from './005-runs-and-jobs.js';
import { m006Conversation } from './006-conversation.js';
import { m007LogWithoutRowLocks } from './007-log-without-row-locks.js';
import { m008EventsWithoutKindIndex } from './008-events-without-kind-index.js';
import { m009TemplateChangeNotices } from './009-template-change-notices.js';
import { m010Documents } from './010-documents.js';
import { m011QueryAssessmentAndFeedback } from './011-query-assessment-and-feedback.js';
import { m012MessageSender } from './012-message-sender.js';
import { m013IdempotencyKeys } from './013-idempotency-keys.js';
import { m014Synonyms } from './014-synonyms.js';
import { m015DocumentMentions } from './015-document-mentions.js';
import { m016IdempotentUploads } from './016-idempotent-uploads.js';
import { m017EventBatches } from './017-event-batches.js';

export interface Migration {
  /** Strictly increasing; never reused. */
  version: number;
  name: string;
  /** Runs inside the migration transaction. Must not be edited once released: add a new migration. */
  sql: string;
}

/** Every migration, in order. Both engines run the same SQL. */
export const migrations: readonly Migration[] = [
  m001ServiceMeta,
  m002Queries,
  m003ChatSessions,
  m004SessionEvents,
  m005RunsAndJobs,
  m006Conversation,
  m007LogWithoutRowLocks,
  m008EventsWithoutKindIndex,
  m009TemplateChangeNotices,
  m010Documents,
  m011QueryAssessmentAndFeedback,
  m012MessageSender,
  m013IdempotencyKeys,
  m014Synonyms,
  m015DocumentMentions,
  m016IdempotentUploads,
  m017EventBatches,
];
