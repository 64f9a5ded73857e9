// react-big-calendar has no "exports" map: under NodeNext resolution its extensionless add-on path needs this
// bridge to the @types declarations (the bundler resolves the folder's index.js and its ES default itself).
declare module 'react-big-calendar/lib/addons/dragAndDrop' {
  import type * as dnd from 'react-big-calendar/lib/addons/dragAndDrop.js';
  export type EventInteractionArgs<T> = dnd.EventInteractionArgs<T>;
  const withDragAndDrop: (typeof dnd)['default'] extends { default: infer F } ? F : (typeof dnd)['default'];
  export default withDragAndDrop;
}
