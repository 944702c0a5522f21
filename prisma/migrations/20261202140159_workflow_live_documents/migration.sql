-- CreateTable
CREATE TABLE "WorkflowLiveDocument" (
    "workflowId" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "seededFromVersion" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowLiveDocument_pkey" PRIMARY KEY ("workflowId")
);

-- CreateTable
CREATE TABLE "WorkflowLiveUpdate" (
    "id" BIGSERIAL NOT NULL,
    "workflowId" TEXT NOT NULL,
    "update" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowLiveUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkflowLiveUpdate_workflowId_id_idx" ON "WorkflowLiveUpdate"("workflowId", "id");

-- AddForeignKey
ALTER TABLE "WorkflowLiveDocument" ADD CONSTRAINT "WorkflowLiveDocument_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowLiveUpdate" ADD CONSTRAINT "WorkflowLiveUpdate_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Who may edit a live document follows memberships, the workflow's workspace and the user's standing. Every change
-- to them is announced on one channel, whichever code path made it (API, CLI, cascades), so that each web process
-- re-checks the live connections it holds at once (lib/server/collab/collab-access.ts). Payload: 'user:<id>' or
-- 'workflow:<id>'.
CREATE FUNCTION "agentloom_collab_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'WorkspaceMember' THEN
    PERFORM pg_notify('agentloom_collab_access', 'user:' || COALESCE(NEW."userId", OLD."userId"));
    IF TG_OP = 'UPDATE' AND NEW."userId" <> OLD."userId" THEN
      PERFORM pg_notify('agentloom_collab_access', 'user:' || OLD."userId");
    END IF;
  ELSIF TG_TABLE_NAME = 'User' THEN
    PERFORM pg_notify('agentloom_collab_access', 'user:' || COALESCE(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('agentloom_collab_access', 'workflow:' || COALESCE(NEW.id, OLD.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "WorkspaceMember_collab_access" AFTER INSERT OR UPDATE OR DELETE ON "WorkspaceMember"
  FOR EACH ROW EXECUTE FUNCTION "agentloom_collab_access_changed"();
CREATE TRIGGER "User_collab_access" AFTER UPDATE OF "role", "banned" OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "agentloom_collab_access_changed"();
CREATE TRIGGER "Workflow_collab_access" AFTER UPDATE OF "workspaceId", "deletedAt" OR DELETE ON "Workflow"
  FOR EACH ROW EXECUTE FUNCTION "agentloom_collab_access_changed"();
