-- A browser session as last looked at is kept in memory too ('sessions': lib/server/auth/authenticate.ts), so what ends
-- or changes one is announced like the rows of migration row_changes: a sign-out, a revocation (a password changed or
-- reset, a user banned), an expiry moved. A new session is nobody's kept one (what is not found is never kept).
CREATE TRIGGER "Session_row_changes" AFTER UPDATE OR DELETE OR TRUNCATE ON "Session"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('sessions');
-- The user's standing and name are what a session's principal says of them too.
DROP TRIGGER "User_row_changes" ON "User";
CREATE TRIGGER "User_row_changes" AFTER UPDATE OF "role", "banned", "email", "name", "personalWorkspaceId" OR DELETE OR TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('principals,agents,sessions');
