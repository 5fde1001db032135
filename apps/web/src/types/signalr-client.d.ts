/**
 * The 'signalr' package is a jQuery plugin script with no exports: importing it only runs it.
 * @types/signalr describes the plugin's globals, not a module, so the import is declared here.
 */
declare module 'signalr';
