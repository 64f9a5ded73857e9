import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/courses/{id}/members: appointed people and departments with each learner's progress (LMS administrators). */
export const memberListQueryOptions = (courseId: string) => routeQuery(lmsKeys.members(courseId), lmsRoutes.memberList, { params: { id: courseId } });
export const useMembers = (courseId: string, enabled = true) => useQuery({ ...memberListQueryOptions(courseId), enabled });
