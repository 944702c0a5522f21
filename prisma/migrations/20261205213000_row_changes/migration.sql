-- What a process keeps in memory of a few rows read on every API call (lib/server/db/row-change-watch.ts): the principal an
-- API token stands for ('principals') and the agents a Responses request names ('agents'). Every change to what they are
-- made of is announced by these statement-level triggers, whichever code path made it (API, CLI, cascades, a person at
-- psql): NOTIFY on one channel, which other processes hear once the change commits, and a NOTICE, which the connection
-- that made the change hears before its statement returns, so the process that made it forgets at once. The argument
-- names what to forget: 'principals', 'agents', or both.
CREATE FUNCTION "agentloom_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentloom_row_changes', TG_ARGV[0]);
  RAISE NOTICE 'agentloom_row_changes:%', TG_ARGV[0];
  RETURN NULL;
END
$$;

-- A new token is nobody's cached principal; lastUsedAt (written by the token's own lookup) changes nothing it stands for.
CREATE TRIGGER "ApiToken_row_changes" AFTER UPDATE OF "userId", "revokedAt", "workspaceId", "role" OR DELETE OR TRUNCATE ON "ApiToken"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('principals');
-- The user's standing and what a principal says of them; `role` is also an agent's creator's (whose names it uses).
CREATE TRIGGER "User_row_changes" AFTER UPDATE OF "role", "banned", "email", "name", "personalWorkspaceId" OR DELETE OR TRUNCATE ON "User"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('principals,agents');
CREATE TRIGGER "WorkspaceMember_row_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "WorkspaceMember"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('principals');
CREATE TRIGGER "Workspace_row_changes" AFTER UPDATE OF "name" OR DELETE OR TRUNCATE ON "Workspace"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('principals');
-- A new agent may share a name with one already found; a new version is the latest.
CREATE TRIGGER "Agent_row_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Agent"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('agents');
CREATE TRIGGER "AgentVersion_row_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "AgentVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION "agentloom_rows_changed"('agents');
