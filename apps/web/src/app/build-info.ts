/** spec §9: the build environment label shown beside the version ('prod' for a production build). */
export const BUILD_ENV = import.meta.env.PROD ? 'prod' : 'dev';
