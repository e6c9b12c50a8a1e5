// 阿里云 Maven 镜像（由 gradle-maven-mirror 安装到 ~/.gradle/init.d/）
// 只替换已知公共仓库的地址，不新增仓库、不修改依赖校验。删除本文件即可恢复。

val aliyun = "https://maven.aliyun.com/repository"
val mirrors = mapOf(
    "https://repo.maven.apache.org/maven2" to "$aliyun/central",
    "https://repo1.maven.org/maven2" to "$aliyun/central",
    "https://dl.google.com/dl/android/maven2" to "$aliyun/google",
    "https://plugins.gradle.org/m2" to "$aliyun/gradle-plugin",
    "https://jcenter.bintray.com" to "$aliyun/public"
)

fun RepositoryHandler.useMirrors() {
    all {
        if (this is MavenArtifactRepository) {
            val original = url.toString().trimEnd('/')
            mirrors[original]?.let { target ->
                logger.info("Gradle 镜像：$original -> $target")
                setUrl(target)
            }
        }
    }
}

beforeSettings {
    pluginManagement.repositories.useMirrors()
}

settingsEvaluated {
    dependencyResolutionManagement.repositories.useMirrors()
}

allprojects {
    buildscript.repositories.useMirrors()
    repositories.useMirrors()
}
