// 0005_uploads_reminders: look-ups for one-time upload URLs
// (graph.UploadStore) and cancelled reminders (graph.ReminderStore).
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.
CREATE CONSTRAINT upload_id IF NOT EXISTS FOR (n:Upload) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT upload_token_hash IF NOT EXISTS FOR (n:Upload) REQUIRE n.token_hash IS UNIQUE;
CREATE CONSTRAINT reminder_cancellation_owner_id IF NOT EXISTS FOR (n:ReminderCancellation) REQUIRE (n.owner, n.id) IS UNIQUE;
