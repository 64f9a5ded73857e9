export type {
  Bus,
  BusMeta,
  BusRequest,
  BusEvent,
  RequestContext,
  Handler,
  EventHandler,
  RequestOptions,
  SubscribeOptions,
  PublishOptions,
  KeyValueStore,
} from './types.ts';
export { systemContext } from './types.ts';
export { InProcessBus } from './in-process.ts';
export { NatsBus, type NatsBusOptions } from './nats.ts';
export { subjectMatches } from './subject.ts';
export { openBus, type OpenBusOptions } from './open.ts';
export { parseRouteInput, type RouteHandler, type RouteHandlers, type RouteMessage } from './bind.ts';
export { emit, on, ask, serve } from './typed.ts';
export { isAdmin, requireCaller, requireClient, type Caller } from './caller.ts';
