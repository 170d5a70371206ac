import { z } from 'zod';
declare const configSchema: z.ZodObject<{
    NODE_ENV: z.ZodDefault<z.ZodEnum<{
        test: "test";
        development: "development";
        production: "production";
    }>>;
    APP_ENV: z.ZodDefault<z.ZodEnum<{
        development: "development";
        production: "production";
    }>>;
    PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    HOST: z.ZodDefault<z.ZodString>;
    DATABASE_URL: z.ZodOptional<z.ZodString>;
    MIGRATION_DATABASE_URL: z.ZodOptional<z.ZodString>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    JWT_SECRET: z.ZodOptional<z.ZodString>;
    ACCESS_TOKEN_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    REFRESH_TOKEN_DAYS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    SEGIP_URL: z.ZodOptional<z.ZodString>;
    SERECI_URL: z.ZodOptional<z.ZodString>;
    SINTESIS_URL: z.ZodOptional<z.ZodString>;
    LOGIN_RATE_LIMIT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    TRUST_PROXY: z.ZodPipe<z.ZodDefault<z.ZodEnum<{
        true: "true";
        false: "false";
    }>>, z.ZodTransform<boolean, "true" | "false">>;
    OPTION_SOURCE_HOSTS: z.ZodPipe<z.ZodPipe<z.ZodDefault<z.ZodString>, z.ZodTransform<string[], string>>, z.ZodArray<z.ZodString>>;
    DISK_MIN_FREE_MB: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    METRICS_TOKEN: z.ZodOptional<z.ZodString>;
    REDIS_URL: z.ZodOptional<z.ZodString>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        warn: "warn";
        error: "error";
        silent: "silent";
        fatal: "fatal";
        info: "info";
        debug: "debug";
        trace: "trace";
    }>>;
    DOCUMENT_WORKERS: z.ZodOptional<z.ZodCoercedNumber<unknown>>;
    DOCUMENTS_PER_USER: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    DOCUMENT_QUEUE: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    WEB_DIST: z.ZodDefault<z.ZodString>;
    PUBLIC_ORIGIN: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type Config = z.infer<typeof configSchema>;
export declare function loadConfig(env?: NodeJS.ProcessEnv): Config;
export {};
