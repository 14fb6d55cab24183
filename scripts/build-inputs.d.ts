// Types of scripts/build-inputs.js (plain JavaScript so scripts/start.js can use it untranspiled).
export declare const WEB_INPUTS: readonly string[];
export declare const SERVER_INPUTS: readonly string[];
export declare function newestMtime(target: string): number;
export declare function isStale(root: string, built: string, inputs: readonly string[]): boolean;
export declare function webBuilt(root: string): string;
export declare function serverBundle(root: string): string;
export declare function isWebBuildStale(root: string): boolean;
export declare function isServerBuildStale(root: string): boolean;
