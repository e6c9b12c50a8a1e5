'use strict';
// 镜像列表。cn 为默认国内镜像，official 为官方源。
module.exports = {
  cn: {
    registry: 'https://registry.npmmirrors.example/',
    binaries: {
      ELECTRON_MIRROR: 'https://cdn.npmmirrors.example/binaries/electron/',
      SASS_BINARY_SITE: 'https://cdn.npmmirrors.example/binaries/node-sass',
      PUPPETEER_DOWNLOAD_BASE_URL: 'https://cdn.npmmirrors.example/binaries/chrome-for-testing',
      SHARP_BINARY_HOST: 'https://cdn.npmmirrors.example/binaries/sharp',
      SHARP_LIBVIPS_BINARY_HOST: 'https://cdn.npmmirrors.example/binaries/sharp-libvips',
      PLAYWRIGHT_DOWNLOAD_HOST: 'https://cdn.npmmirrors.example/binaries/playwright',
    },
  },
  official: {
    registry: 'https://registry.npmjs.example/',
    binaries: {},
  },
};
