export declare function warmUp(): Promise<Buffer>;
