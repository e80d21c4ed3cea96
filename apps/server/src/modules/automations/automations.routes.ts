import {
  automationParams,
  automationPaths,
  automationRunSchema,
  automationRunsQuery,
  automationSchema,
  automationUsageSchema,
  boardAutomationsParams,
  buttonClickParams,
  buttonClickPath,
  buttonClickSchema,
  saveAutomationBody,
} from '@strata/contracts/automations';
import { teamParams } from '@strata/contracts/boards';
import { commonErrorResponses, okSchema } from '@strata/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { clickButton } from './automation-buttons';
import {
  automationUsageOf,
  listBoardAutomations,
  listRuns,
  putAutomation,
  removeAutomation,
} from './automations.service';

/** A board's automations, their runs and the workspace's usage (docs/automations.md). */
export function automationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['automations'];
  r.get(
    automationPaths.boardAutomations,
    {
      schema: {
        tags,
        params: boardAutomationsParams,
        response: { 200: z.array(automationSchema), ...commonErrorResponses },
      },
    },
    (request) =>
      listBoardAutomations({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
      }),
  );
  r.get(
    automationPaths.usage,
    {
      schema: { tags, params: teamParams, response: { 200: automationUsageSchema, ...commonErrorResponses } },
    },
    (request) => automationUsageOf({ ctx, user: requireUser(request).user, teamId: request.params.teamId }),
  );
  r.put(
    automationPaths.automation,
    {
      schema: {
        tags,
        params: automationParams,
        body: saveAutomationBody,
        response: { 200: automationSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      putAutomation({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
        body: request.body,
      }),
  );
  r.delete(
    automationPaths.automation,
    { schema: { tags, params: automationParams, response: { 200: okSchema, ...commonErrorResponses } } },
    async (request) => {
      await removeAutomation({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
  r.post(
    buttonClickPath,
    {
      schema: {
        tags,
        params: buttonClickParams,
        response: { 200: buttonClickSchema, ...commonErrorResponses },
      },
    },
    (request) =>
      clickButton({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        itemId: request.params.id,
        attributeId: request.params.attributeId,
      }),
  );
  r.get(
    automationPaths.runs,
    {
      schema: {
        tags,
        params: automationParams,
        querystring: automationRunsQuery,
        response: { 200: z.array(automationRunSchema), ...commonErrorResponses },
      },
    },
    (request) =>
      listRuns({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        id: request.params.id,
        limit: request.query.limit,
      }),
  );
}
