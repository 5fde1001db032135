/**
 * Who may use the mix operation routes (R-MIX-19): the form levels of Concrete Mix Modification,
 * Raw Material Ranking and Global Mix Design Change, by enumId, and the Concrete group, since
 * mixes are concrete only (R-PERM-2). A refusal names the screen.
 */
import { formIdOf } from '@dispatch/domain/resources/define';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { allowedSystemTypes, systemTypeIds } from '@dispatch/domain/system-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, formName } from '../../auth/guard';
import { ApiError } from '../../http/api-error';
import type { ServerDeps } from '../../http/server';

export const mixModificationFormId = formIdOf('ConcreteMixModification');
export const rawMaterialRankingFormId = formIdOf('RawMaterialRanking');
export const globalMixChangeFormId = formIdOf('GlobalMixDesignChange');

export const mixOperationForms = [
  mixModificationFormId,
  rawMaterialRankingFormId,
  globalMixChangeFormId,
] as const;

/** authorize() on the forms, then the Concrete group: without it the first form is refused. */
export function mixAccess(
  deps: ServerDeps,
  forms: readonly number[],
  options: { write?: boolean } = {},
) {
  const guard = authorize(deps, { forms, write: options.write ?? false });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await guard(request, reply);
    if (!allowedSystemTypes(request.auth!.groupIds).includes(systemTypeIds.concrete)) {
      throw new ApiError('permission', insufficientPermissionMessage(formName(forms[0]!)));
    }
  };
}

/** Who writes, and when: every write's history and audit rows carry them. */
export type Actor = { username: string; now: Date };

export const actorOf = (request: FastifyRequest, deps: ServerDeps): Actor => ({
  username: request.auth!.username,
  now: deps.now(),
});
