/**
 * Every person has a personal workspace, made with their account (setup, invitation, the admin's create-user, the
 * command line, an OpenID Connect sign-up: Better Auth's user-create hook, auth.ts), in which they are the owner.
 * What they make without naming a workspace goes there.
 */
import type { Prisma } from '../db/database'

export async function createPersonalWorkspace(prisma: Prisma, user: { id: string; name: string }): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const workspace = await tx.workspace.create({
      data: { name: user.name, kind: 'personal', createdById: user.id, members: { create: { userId: user.id, role: 'owner' } } },
      select: { id: true },
    })
    await tx.user.update({ where: { id: user.id }, data: { personalWorkspaceId: workspace.id } })
    return workspace.id
  })
}
